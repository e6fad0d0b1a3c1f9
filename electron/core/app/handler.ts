import type { OperationInput, OperationName, OperationOutput } from '../../../shared/contract/operations.ts';
import type { Runtime } from '../runtime.ts';
import type { Session } from './session.ts';

export interface HandlerContext {
  session: Session;
  runtime: Runtime;
}

/** The parsed input of operation K in, its output out. */
export type Handler<K extends OperationName> = (
  input: OperationOutputOfInput<K>,
  ctx: HandlerContext,
) => OperationOutput<K> | Promise<OperationOutput<K>>;

// Handlers receive the input after its schema ran (defaults applied).
type OperationOutputOfInput<K extends OperationName> = import('zod').output<
  (typeof import('../../../shared/contract/operations.ts').operations)[K]['input']
>;

export type Handlers<K extends OperationName> = { [P in K]: Handler<P> };
export type { OperationInput };
