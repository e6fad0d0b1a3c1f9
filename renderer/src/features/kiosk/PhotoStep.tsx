/**
 * The guest's photo, where the site takes them: the consent line the admin
 * wrote, the camera (getUserMedia), a countdown, the photo shown with Retake
 * and Use; "Continue without a photo" at every moment. No camera, or the
 * camera refused: the guest goes on without a photo.
 */
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { useAgreement } from './agreement-store.ts';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

const COUNTDOWN = 3;
/** What the photo is made at: enough for a badge and the desk, well under the hub's limit as JPEG. */
const PHOTO_WIDTH = 480;
const PHOTO_HEIGHT = 640;
const MAX_BASE64 = 500 * 1024;

/** The video's middle, cropped to a portrait, as a JPEG data URL at the highest quality that fits. */
function capture(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = PHOTO_WIDTH;
  canvas.height = PHOTO_HEIGHT;
  const context = canvas.getContext('2d')!;
  const scale = Math.max(PHOTO_WIDTH / video.videoWidth, PHOTO_HEIGHT / video.videoHeight);
  const width = PHOTO_WIDTH / scale;
  const height = PHOTO_HEIGHT / scale;
  context.drawImage(
    video,
    (video.videoWidth - width) / 2,
    (video.videoHeight - height) / 2,
    width,
    height,
    0,
    0,
    PHOTO_WIDTH,
    PHOTO_HEIGHT,
  );
  for (const quality of [0.85, 0.7, 0.5, 0.3]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.length < MAX_BASE64) return url;
  }
  return canvas.toDataURL('image/jpeg', 0.2);
}

export function PhotoStep() {
  const { t } = useTranslation();
  const heading = useFocusHeading();
  const consent = useAgreement((s) => s.photoConsent) ?? [];
  const choosePhoto = useAgreement((s) => s.choosePhoto);
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [noCamera, setNoCamera] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const asked = navigator.mediaDevices?.getUserMedia
      ? navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 }, audio: false })
      : Promise.reject(new Error('no camera'));
    asked.then(
      (media) => {
        if (live) setStream(media);
        else media.getTracks().forEach((track) => track.stop());
      },
      () => live && setNoCamera(true),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);
  useEffect(() => {
    if (video.current && stream && !photo) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => {});
    }
  }, [stream, photo]);
  useEffect(() => {
    if (count === null) return;
    const timer = setTimeout(() => {
      if (count > 1) return setCount(count - 1);
      if (video.current && video.current.videoWidth > 0) setPhoto(capture(video.current));
      setCount(null);
    }, 1000);
    return () => clearTimeout(timer);
  }, [count]);

  return (
    <section className="kiosk-photo" data-testid="kiosk-photo">
      <h1 className="kiosk-title" tabIndex={-1} ref={heading}>
        {t('photoTitle')}
      </h1>
      {consent.map((line, i) => (
        <p key={i} className="kiosk-intro photo-consent" data-testid="photo-consent">
          {line}
        </p>
      ))}
      {noCamera ? (
        <p className="confirm-note" data-testid="photo-no-camera">
          <Icon name="info" size={24} />
          {t('photoNoCamera')}
        </p>
      ) : photo ? (
        <img className="photo-frame" src={photo} alt="" data-testid="photo-preview" />
      ) : (
        <div className="photo-frame-wrap">
          <video className="photo-frame" ref={video} muted playsInline data-testid="photo-video" />
          {count !== null && (
            <span className="photo-countdown" aria-live="assertive" data-testid="photo-countdown">
              {count}
            </span>
          )}
        </div>
      )}
      <div className="confirm-actions">
        {!noCamera && !photo && (
          <button
            type="button"
            className="button-primary button-huge"
            disabled={!stream || count !== null}
            onClick={() => setCount(COUNTDOWN)}
            data-testid="photo-take"
          >
            <Icon name="camera" size={30} />
            {count !== null ? t('photoGetReady') : t('photoTake')}
          </button>
        )}
        {photo && (
          <>
            <button
              type="button"
              className="button-primary button-huge"
              onClick={() => void choosePhoto(photo)}
              data-testid="photo-use"
            >
              <Icon name="check" size={30} />
              {t('photoUse')}
            </button>
            <button
              type="button"
              className="button-secondary button-large"
              onClick={() => setPhoto(null)}
              data-testid="photo-retake"
            >
              <Icon name="refresh" size={24} />
              {t('photoRetake')}
            </button>
          </>
        )}
        <button
          type="button"
          className="button-ghost button-large"
          onClick={() => void choosePhoto(null)}
          data-testid="photo-skip"
        >
          {t('photoSkip')}
        </button>
      </div>
    </section>
  );
}
