// Written once in shared/ for the badge the host prints (electron/core/printing) too.
export * from '../../../shared/contrast.ts';
