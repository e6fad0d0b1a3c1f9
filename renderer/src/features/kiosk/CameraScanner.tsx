import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { useTranslation } from './use-translation.ts';

/** The parts of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const WANTED_FORMATS = ['qr_code', 'code_128', 'code_39', 'data_matrix', 'aztec', 'pdf417'];
const SCAN_EVERY_MS = 250;

function barcodeDetector(): BarcodeDetectorClass | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/** Whether this browser can read codes from a camera at all: without it the kiosk offers the scanner field only. */
export function cameraScanningSupported(): boolean {
  return Boolean(barcodeDetector() && navigator.mediaDevices?.getUserMedia);
}

type CameraState = 'starting' | 'running' | 'unavailable';

/** The camera picture, read for codes a few times a second; stops the camera when it closes. */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const report = useRef(onCode);
  useEffect(() => {
    report.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    async function start(Detector: BarcodeDetectorClass) {
      const supported = await Detector.getSupportedFormats();
      const formats = WANTED_FORMATS.filter((f) => supported.includes(f));
      if (formats.length === 0) throw new Error('no usable barcode format');
      const detector = new Detector({ formats });
      stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } } });
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      setState('running');
      const scan = async () => {
        if (stopped || !video.current) return;
        try {
          const [found] = await detector.detect(video.current);
          if (found?.rawValue && !stopped) {
            stopped = true;
            report.current(found.rawValue);
            return;
          }
        } catch {
          // A frame that could not be read; the next one may.
        }
        timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
      };
      void scan();
    }

    start(Detector).catch(() => {
      if (!stopped) setState('unavailable');
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (state === 'unavailable')
    return (
      <p className="kiosk-note" role="status">
        <Icon name="camera" /> {t('cameraUnavailable')}
      </p>
    );
  return (
    <div className={`camera camera-${state}`}>
      <video ref={video} muted playsInline aria-label={t('scanCameraHint')} />
      <div className="camera-frame" aria-hidden="true" />
      {state === 'starting' && <p className="camera-status">{t('cameraStarting')}</p>}
    </div>
  );
}
