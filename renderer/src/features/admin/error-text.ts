/** An error as the admin reads it. */
export const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
