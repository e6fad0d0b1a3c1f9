/** An error as the admin reads it. */
export { errorText as message } from '../../lib/error-text.ts';
export { capitalised } from '../../lib/format.ts';
