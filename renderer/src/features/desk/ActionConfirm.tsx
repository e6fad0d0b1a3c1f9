/**
 * The question asked before a guest's action (undo a check-in, check in after the visit): one for the whole desk,
 * drawn once by the desk screen, not inside the row that asked. A row of the list is drawn again, or dropped, when
 * the guests change (every half second at a busy desk, or when it scrolls out of the virtual window), and a
 * question inside it went with it while the receptionist read it.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { Confirmation } from './guest-days.ts';

interface Asking extends Confirmation {
  /** What a yes does. */
  run: () => void;
}

export const useActionConfirm = create<{ asking: Asking | null; ask: (asking: Asking) => void; close: () => void }>(
  (set) => ({
    asking: null,
    ask: (asking) => set({ asking }),
    close: () => set({ asking: null }),
  }),
);

export function ActionConfirm() {
  const asking = useActionConfirm((s) => s.asking);
  const close = useActionConfirm((s) => s.close);
  // A desk that locks (or leaves) while asking forgets the question: unlocked again, it is not asked out of the blue.
  useEffect(() => close, [close]);
  if (!asking) return null;
  return (
    <ConfirmDialog
      question={asking.question}
      detail={asking.detail}
      confirmLabel={asking.confirm}
      testId="action-confirm"
      onCancel={close}
      onConfirm={() => {
        close();
        asking.run();
      }}
    />
  );
}
