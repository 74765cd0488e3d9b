/**
 * Reading a document's machine-readable zone, as the other modules see it: the service, and the
 * uploaded photo as a route receives it (the public check-in scans too)
 * (docs/decisions/037-server-module-boundaries.md).
 */
export type { OcrService } from './ocr.service';
export { MAX_DOCUMENT_BYTES } from './ocr.service';
export { readDocument } from './document-upload';
