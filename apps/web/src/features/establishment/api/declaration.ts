/**
 * The declaración responsable of an establishment (decision 063): its state and the statement to
 * sign (in the interface language), the signature that makes a new version, a version's PDF.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeclarationResponseSchema,
  type Declaration,
  type SignDeclarationInput,
} from '@hospes/shared/declarations';
import { apiPaths } from '@/config/paths';
import { api, apiDownload } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { establishmentKeys } from './keys';

export type { Declaration };

/** GET /api/establishments/{id}/declaration. */
export function useDeclaration(establishmentId: string, enabled = true) {
  const lng = currentLanguage();
  return useQuery({
    queryKey: establishmentKeys.declaration(establishmentId, lng),
    queryFn: async () =>
      (
        await api.get(apiPaths.declaration.of(establishmentId), {
          schema: DeclarationResponseSchema,
        })
      ).data,
    enabled: enabled && !!establishmentId,
  });
}

/** POST /api/establishments/{id}/declaration: signed by the signed-in member. */
export function useSignDeclaration(establishmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<SignDeclarationInput, 'language'>) =>
      (
        await api.post(
          apiPaths.declaration.of(establishmentId),
          { ...input, language: currentLanguage() },
          { schema: DeclarationResponseSchema, timeoutMs: 60_000 },
        )
      ).data,
    onSuccess: (data) => {
      queryClient.setQueryData(
        establishmentKeys.declaration(establishmentId, currentLanguage()),
        data,
      );
    },
  });
}

/** GET …/declarations/{declarationId}/pdf, saved under the server's file name. */
export async function downloadDeclarationPdf(establishmentId: string, declarationId: string) {
  const file = await apiDownload(apiPaths.declaration.pdf(establishmentId, declarationId), {
    defaultFileName: 'declaracion-responsable.pdf',
    timeoutMs: 60_000,
  });
  return file.fileName;
}

export function useDownloadDeclarationPdf(establishmentId: string) {
  return useMutation({
    mutationFn: (declarationId: string) => downloadDeclarationPdf(establishmentId, declarationId),
  });
}
