import { useEffect, useState } from 'react';
import { API_BASE, apiPaths } from '@/config/paths';
import { getToken } from '@/lib/token-storage';

/**
 * GET /api/pilgrims/{id}/documents/{docId}: the image bytes, fetched with the bearer token (an
 * <img src> could not send it), as a blob URL that is revoked when the component unmounts.
 * Not cached: the server marks these `no-store` and audits each view.
 */
export function useDocumentImageUrl(pilgrimId: string, docId: string) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({
    url: null,
    failed: false,
  });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    const token = getToken();
    fetch(`${API_BASE}${apiPaths.pilgrims.document(pilgrimId, docId)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [pilgrimId, docId]);
  return state;
}
