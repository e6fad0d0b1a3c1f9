import { Component, type ErrorInfo, Fragment, type ReactNode } from 'react';
import { Icon } from './Icon.tsx';

export interface PanelBoundaryProps {
  /** The panel's name, for the log and the test id (`panel-failed-<name>`). */
  name: string;
  children: ReactNode;
  /**
   * Before the panel is drawn again: put back what it reads (reset or reload its store), so that it does not fail
   * again at once; a promise is waited for.
   */
  onReload?: () => unknown;
  /** The words shown instead of the panel (the kiosk's are in the guest's language). */
  message?: string;
  reloadLabel?: string;
}

interface PanelBoundaryState {
  error: Error | null;
  /** Each reload draws the panel afresh (a new key): nothing of the failed one is kept. */
  attempt: number;
}

/** A panel's reload for a store that it loads itself on mount: the store as it began, then the panel asks again. */
export function resetStore<T>(store: { setState(state: T, replace: true): void; getInitialState(): T }): () => void {
  return () => store.setState(store.getInitialState(), true);
}

/** Every panel failure is logged under this prefix (the every-control test fails on it). */
export const PANEL_FAILED = 'Foyer: a panel failed';

/**
 * One panel's fault stays in the panel: it shows a short message and
 * "Reload this panel" where it was, the error is logged, and the rest of the
 * screen keeps working (without a boundary React unmounts the whole app and
 * the desk turns white). Errors in event handlers and promises are no render
 * errors: the stores turn those into messages themselves.
 */
export class PanelBoundary extends Component<PanelBoundaryProps, PanelBoundaryState> {
  override state: PanelBoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<PanelBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${PANEL_FAILED}: ${this.props.name}:`, error, info.componentStack);
  }

  private readonly reload = async () => {
    try {
      await this.props.onReload?.();
    } finally {
      this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
    }
  };

  override render() {
    const { error, attempt } = this.state;
    const { name, children, message, reloadLabel } = this.props;
    if (!error) return <Fragment key={attempt}>{children}</Fragment>;
    return (
      <div className="banner banner-error panel-failed" role="alert" data-testid={`panel-failed-${name}`}>
        <Icon name="alert" />
        <span>{message ?? 'This part of the screen stopped working. The rest still works.'}</span>
        <button
          type="button"
          className="button-secondary button-small"
          onClick={() => void this.reload()}
          data-testid="panel-reload"
        >
          {reloadLabel ?? 'Reload this panel'}
        </button>
      </div>
    );
  }
}
