export * from './limits.ts';
export * from './primitives.ts';
export * from './responses.ts';
export * from './requests.ts';
export * from './queries.ts';
export * from './endpoints.ts';
export * from './errors.ts';
