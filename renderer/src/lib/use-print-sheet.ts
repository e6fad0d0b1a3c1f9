import { useEffect } from 'react';

/**
 * A sheet made to be printed (the evacuation list, a roll call's report):
 * the print dialog opens once the sheet has painted, and Escape closes it.
 */
export function usePrintSheet(onClose: () => void): void {
  useEffect(() => {
    // Let the sheet paint first, so the print dialog shows it.
    const frame = requestAnimationFrame(() => window.print());
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
}
