/** An error as the admin reads it. */
export const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
export { capitalised } from '../../lib/format.ts';
