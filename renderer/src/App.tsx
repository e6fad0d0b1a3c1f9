/** Placeholder until the kiosk, desk and admin screens land. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '3rem', maxWidth: '40rem' }}>
      <h1>Foyer</h1>
      <p>
        The reception client is being built. The reference service runs with <code>npx foyer service --demo</code>.
      </p>
    </main>
  );
}
