/** An error as a person reads it: the contract's message (ApiCallError is an Error), else what was thrown. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
