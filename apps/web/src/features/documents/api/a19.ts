/**
 * The Ertzaintza's A19 certificate of a Basque establishment (decision 056): shown by subject and
 * expiry, uploaded with its password, removed. Sends go through ses-send.ts like SES's.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { A19CertificateSchema, type A19CertificateInput } from '@hospes/shared/a19';
import { z } from '@hospes/shared/zod';
import { api } from '@/lib/api-client';
import { documentPaths } from './paths';

const CertificateResponse = z.object({ success: z.literal(true), data: A19CertificateSchema });

export const a19CertificateKey = (establishmentId: string) =>
  ['ses', 'a19-certificate', establishmentId] as const;

/** GET …/a19-certificate. */
export function useA19Certificate(establishmentId: string, enabled = true) {
  return useQuery({
    queryKey: a19CertificateKey(establishmentId),
    queryFn: async () =>
      (
        await api.get(documentPaths.a19Certificate(establishmentId), {
          schema: CertificateResponse,
        })
      ).data,
    enabled: enabled && !!establishmentId,
  });
}

export function useSaveA19Certificate(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: A19CertificateInput) =>
      (
        await api.put(documentPaths.a19Certificate(establishmentId), input, {
          schema: CertificateResponse,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(a19CertificateKey(establishmentId), data),
  });
}

export function useRemoveA19Certificate(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.delete(documentPaths.a19Certificate(establishmentId), {
          schema: CertificateResponse,
        })
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(a19CertificateKey(establishmentId), data);
      // Its send modes went back to manual with it (decision 048).
      void queryClient.invalidateQueries({ queryKey: ['ses', 'schedule', establishmentId] });
    },
  });
}

/** A file's bytes in Base64 (what the PUT carries), read as a data URL without its prefix. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}
