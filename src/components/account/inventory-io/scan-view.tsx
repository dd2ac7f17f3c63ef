'use client';

import { Alert, Button, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useRouter } from '@/i18n/client-navigation';
import { ApiError, apiRequest } from '@/lib/api/client';

/** The browser's barcode reader where it has one (Chromium on Android and desktop, Safari 17+). */
interface DetectedBarcode { rawValue: string }
interface BarcodeDetectorLike { detect(source: CanvasImageSource): Promise<DetectedBarcode[]> }
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

const noSubscription = () => () => {};
const cameraReadable = (): boolean => detectorClass() !== null && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * Scans a container's label (ADR 0090): the camera, read by the browser's BarcodeDetector where there is
 * one, and always a field to type or paste the label code (or the address in its QR code). Either goes to
 * the container's page; a label of no container of the company says so.
 */
export function ScanView() {
  const t = useTranslations('inventoryIo.scan');
  const router = useRouter();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  // Known in the browser only: null while rendered on the server, then whether the camera can be read.
  const supported = useSyncExternalStore(noSubscription, cameraReadable, () => null);
  const [scanning, setScanning] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);

  async function open(label: string): Promise<void> {
    const value = label.trim();
    if (!value) {
      setError(t('required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const found = await apiRequest('get', '/api/app/inventory/labels/find', { params: { query: { label: value } } }, { silent: true });
      stop();
      router.push(`/account/inventory/${found.id}`);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.code === 404 ? t('notFound') : failure instanceof Error ? failure.message : t('failed'));
    } finally {
      setBusy(false);
    }
  }

  function stop(): void {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setScanning(false);
  }

  async function start(): Promise<void> {
    const Detector = detectorClass();
    if (!Detector || !video.current) return;
    setError(null);
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch {
      setError(t('cameraDenied'));
      return;
    }
    const element = video.current;
    element.srcObject = stream.current;
    await element.play();
    setScanning(true);
    const detector = new Detector({ formats: ['qr_code'] });
    const tick = async (): Promise<void> => {
      if (!stream.current) return;
      try {
        const [code] = await detector.detect(element);
        if (code?.rawValue) {
          await open(code.rawValue);
          if (!stream.current) return;
        }
      } catch {
        // A frame the reader could not take (the video not ready yet): the next one.
      }
      if (stream.current) requestAnimationFrame(() => void tick());
    };
    void tick();
  }

  return (
    <div className="flex max-w-xl flex-col gap-4">
      {supported ? (
        <div className="flex flex-col gap-2">
          <div className={`overflow-hidden rounded-lg bg-black ${scanning ? '' : 'hidden'}`}>
            <video ref={video} className="aspect-square w-full object-cover" muted playsInline aria-label={t('video')} data-testid="scan-video" />
          </div>
          <div className="flex gap-2">
            {scanning
              ? <Button onClick={stop} data-testid="scan-stop">{t('stop')}</Button>
              : <Button type="primary" onClick={() => void start()} data-testid="scan-start">{t('start')}</Button>}
          </div>
          <p className="text-xs text-muted">{t('cameraHint')}</p>
        </div>
      ) : supported === false ? (
        <p className="text-sm text-muted" data-testid="scan-unsupported">{t('unsupported')}</p>
      ) : null}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void open(text);
        }}
      >
        <label htmlFor="scan-code" className="text-sm font-medium">{t('codeLabel')}</label>
        <div className="flex gap-2">
          <Input id="scan-code" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('codePlaceholder')} autoComplete="off" autoFocus maxLength={300} data-testid="scan-code" />
          <Button type="primary" htmlType="submit" loading={busy} data-testid="scan-go">{t('go')}</Button>
        </div>
        <p className="text-xs text-muted">{t('codeHint')}</p>
      </form>
      {error ? <Alert type="error" showIcon message={error} data-testid="scan-error" /> : null}
    </div>
  );
}
