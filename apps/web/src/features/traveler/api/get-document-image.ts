import { useEffect, useState } from 'react';
import type { DocumentSize } from '@hospes/shared/travelers';
import { API_BASE, apiPaths } from '@/config/paths';

export type DocumentImageState =
  | { status: 'loading'; url: null }
  | { status: 'ready'; url: string }
  | { status: 'failed'; url: null };

/**
 * GET /api/pilgrims/{id}/documents/{docId}: the image bytes, fetched with the session cookie and
 * shown through a blob URL (the answer carries `no-store`, which an <img src> would not honour), revoked when the component goes. Not
 * cached: the server marks the bytes `no-store` and audits every view. `enabled` false: nothing is
 * fetched (a stored file that is not an image). `size` 'preview': the server's copy of at most
 * 640 px (a tenth of the bytes of a photo), for thumbnails on a slow connection. The one hook for
 * the staff's and the admin's screens.
 */
export function useDocumentImage(
  pilgrimId: string,
  docId: string,
  enabled = true,
  size: DocumentSize = 'full',
) {
  const [state, setState] = useState<DocumentImageState>({ status: 'loading', url: null });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let url: string | null = null;
    const query = size === 'preview' ? '?size=preview' : '';
    fetch(`${API_BASE}${apiPaths.pilgrims.document(pilgrimId, docId)}${query}`, {
      credentials: 'same-origin',
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed', url: null });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [pilgrimId, docId, enabled, size]);
  return state;
}
