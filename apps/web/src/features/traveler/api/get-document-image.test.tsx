import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDocumentImage } from './get-document-image';

describe('useDocumentImage', () => {
  const revoked: string[] = [];
  beforeEach(() => {
    revoked.length = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => 'blob:1',
        revokeObjectURL: (url: string) => revoked.push(url),
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the image or its preview, and revokes the URL when it goes', async () => {
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        requests.push(input);
        return Promise.resolve(new Response(new Blob(['x'])));
      }),
    );
    const full = renderHook(() => useDocumentImage('p1', 'd1'));
    await waitFor(() => expect(full.result.current).toEqual({ status: 'ready', url: 'blob:1' }));
    const preview = renderHook(() => useDocumentImage('p1', 'd2', true, 'preview'));
    await waitFor(() => expect(preview.result.current.status).toBe('ready'));
    expect(requests).toEqual([
      '/api/pilgrims/p1/documents/d1',
      '/api/pilgrims/p1/documents/d2?size=preview',
    ]);
    full.unmount();
    expect(revoked).toEqual(['blob:1']);
    preview.unmount();
  });

  it('fetches nothing when not enabled, and reports a failed answer', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('no', { status: 404 })));
    vi.stubGlobal('fetch', fetch);
    const off = renderHook(() => useDocumentImage('p1', 'd1', false));
    expect(off.result.current.status).toBe('loading');
    expect(fetch).not.toHaveBeenCalled();
    const failed = renderHook(() => useDocumentImage('p1', 'd1'));
    await waitFor(() => expect(failed.result.current).toEqual({ status: 'failed', url: null }));
  });
});
