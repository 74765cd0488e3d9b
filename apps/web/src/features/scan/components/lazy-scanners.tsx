import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@/components/ui/spinner';

// The camera's scanners are shown in the scan and QR modes only, never on a page's first screen
// (the form is): their code (the camera, the image handling, the QR reader) comes when a mode
// shows them (decision 075).
const DocumentScannerChunk = lazy(() =>
  import('./document-scanner').then((module) => ({ default: module.DocumentScanner })),
);
const QrReaderChunk = lazy(() =>
  import('./qr-reader').then((module) => ({ default: module.QrReader })),
);

function Loading() {
  return (
    <div className="flex justify-center py-6">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}

/** The document scanner (./document-scanner), loaded when it is first shown. */
export function DocumentScanner(props: ComponentProps<typeof DocumentScannerChunk>) {
  return (
    <Suspense fallback={<Loading />}>
      <DocumentScannerChunk {...props} />
    </Suspense>
  );
}

/** The QR reader (./qr-reader), loaded when it is first shown. */
export function QrReader(props: ComponentProps<typeof QrReaderChunk>) {
  return (
    <Suspense fallback={<Loading />}>
      <QrReaderChunk {...props} />
    </Suspense>
  );
}
