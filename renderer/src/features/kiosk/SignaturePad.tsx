/**
 * A signature drawn with a finger (or a pen, or a mouse): pointer events on
 * a canvas, strokes in dark ink on a transparent ground, given as a PNG
 * data URL. The canvas keeps its own pixel size (not the screen's density):
 * a signature of a few strokes is 10-30 KB.
 */
import { forwardRef, useImperativeHandle, useRef } from 'react';

export interface SignaturePadHandle {
  /** The drawing as a PNG data URL, or null while nothing is drawn. */
  png(): string | null;
  clear(): void;
}

const WIDTH = 900;
const HEIGHT = 300;

export const SignaturePad = forwardRef<SignaturePadHandle, { label: string; onInk(hasInk: boolean): void }>(
  function SignaturePad({ label, onInk }, ref) {
    const canvas = useRef<HTMLCanvasElement>(null);
    const drawing = useRef<{ x: number; y: number } | null>(null);
    const inked = useRef(false);

    const pointOf = (event: React.PointerEvent<HTMLCanvasElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      return {
        x: ((event.clientX - box.left) / box.width) * WIDTH,
        y: ((event.clientY - box.top) / box.height) * HEIGHT,
      };
    };
    const line = (from: { x: number; y: number }, to: { x: number; y: number }) => {
      const context = canvas.current?.getContext('2d');
      if (!context) return;
      context.strokeStyle = '#10213a';
      context.lineWidth = 4;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.beginPath();
      context.moveTo(from.x, from.y);
      context.lineTo(to.x, to.y);
      context.stroke();
      if (!inked.current) {
        inked.current = true;
        onInk(true);
      }
    };

    useImperativeHandle(ref, () => ({
      png: () => (inked.current && canvas.current ? canvas.current.toDataURL('image/png') : null),
      clear: () => {
        canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
        inked.current = false;
        onInk(false);
      },
    }));

    return (
      <canvas
        ref={canvas}
        className="signature-pad"
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          const at = pointOf(event);
          drawing.current = at;
          line(at, { x: at.x + 0.1, y: at.y + 0.1 });
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const at = pointOf(event);
          line(drawing.current, at);
          drawing.current = at;
        }}
        onPointerUp={() => (drawing.current = null)}
        onPointerCancel={() => (drawing.current = null)}
      />
    );
  },
);
