import { Flashlight, FlashlightOff } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../i18n/catalogue.ts';
import { useT } from '../i18n/useT.ts';
import { type BarcodeReader, loadBarcodeReader } from '../lib/barcode-reader.ts';
import { Button } from './ui/Button.tsx';
import { ErrorMessage } from './ui/ErrorMessage.tsx';
import { Modal } from './ui/Modal.tsx';

/** How often a frame is read: enough for a steady hand, little work for a phone. */
const READ_EVERY_MS = 150;

type CameraProblem = 'refused' | 'absent' | 'insecure' | 'reader' | 'failed';

const PROBLEM_KEYS: Record<CameraProblem, MessageKey> = {
  refused: 'common.scanner.refused',
  absent: 'common.scanner.absent',
  insecure: 'common.scanner.insecure',
  reader: 'common.scanner.readerFailed',
  failed: 'common.scanner.failed',
};

/** Why getUserMedia (or the reader) failed, in the words the dialog has for it. */
function cameraProblem(err: unknown): CameraProblem {
  // Browsers give no camera at all to a page served over plain http (a LAN deployment).
  if (!window.isSecureContext) return 'insecure';
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'absent';
  return 'failed';
}

function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

/**
 * The phone's camera reading a barcode (DESIGN.md section 18): the back camera, a torch toggle
 * where the track can light, and the first code read handed to `onCode`. The stream stops when
 * the dialog closes, whichever way.
 */
export function BarcodeScannerDialog({
  open,
  onClose,
  onCode,
}: {
  open: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} title={t('common.scanner.title')} size="sm">
      {open ? <CameraView onCode={onCode} /> : null}
    </Modal>
  );
}

/**
 * The back camera into `videoRef`, its frames read until a code is found; the stream stops when
 * the view goes, even if it arrives after.
 */
function useCameraScan(videoRef: RefObject<HTMLVideoElement | null>, onCode: (code: string) => void) {
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [starting, setStarting] = useState(true);
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    async function readFrames(reader: BarcodeReader) {
      const video = videoRef.current;
      if (stopped || !video) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const found = await reader.detect(video).catch(() => []);
        const code = found[0]?.rawValue;
        if (code && !stopped) {
          onCodeRef.current(code);
          return;
        }
      }
      if (!stopped) timer = setTimeout(() => void readFrames(reader), READ_EVERY_MS);
    }

    async function start() {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'NotFoundError');
        // The reader loads while the person answers the camera prompt.
        const loading = loadBarcodeReader().catch(() => null);
        const media = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        stream = media;
        // Closed while the camera was asked for: the cleanup saw no stream, so stop it here.
        if (stopped) return stopStream(media);
        const reader = await loading;
        if (stopped) return;
        if (!reader) {
          stopStream(media);
          setProblem('reader');
          return;
        }
        const video = videoRef.current;
        if (video) {
          video.srcObject = media;
          await video.play().catch(() => undefined);
        }
        setTrack(media.getVideoTracks()[0] ?? null);
        void readFrames(reader);
      } catch (err) {
        if (!stopped) setProblem(cameraProblem(err));
      } finally {
        if (!stopped) setStarting(false);
      }
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (stream) stopStream(stream);
    };
  }, [videoRef]);
  return { problem, starting, track };
}

function CameraView({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const { problem, starting, track } = useCameraScan(videoRef, onCode);
  return (
    <div className="space-y-3">
      {problem ? (
        <ErrorMessage>{t(PROBLEM_KEYS[problem])}</ErrorMessage>
      ) : (
        <>
          <video
            ref={videoRef}
            muted
            playsInline
            className="aspect-[4/3] w-full rounded-lg bg-slate-900 object-cover"
            data-testid="scanner-video"
          />
          <p className="text-sm text-slate-600">
            {starting ? t('common.scanner.starting') : t('common.scanner.hint')}
          </p>
          {track ? <TorchToggle track={track} /> : null}
        </>
      )}
    </div>
  );
}

/** The torch button, only when the camera's track says it has one (most phones' back cameras). */
function TorchToggle({ track }: { track: MediaStreamTrack }) {
  const t = useT();
  const [on, setOn] = useState(false);
  const capabilities = (track.getCapabilities?.() ?? {}) as TorchCapabilities;
  if (!capabilities.torch) return null;

  async function toggle() {
    const next = !on;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setOn(next);
    } catch {
      // The device refused the light: the button stays as it was.
    }
  }

  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={on}
      onClick={() => void toggle()}
      icon={
        on ? (
          <FlashlightOff aria-hidden="true" className="h-4 w-4" />
        ) : (
          <Flashlight aria-hidden="true" className="h-4 w-4" />
        )
      }
    >
      {on ? t('common.scanner.torchOff') : t('common.scanner.torchOn')}
    </Button>
  );
}
