/** The API calls of the registration documents (spec §7; apps/server documents module). */
export const documentPaths = {
  pdf: (id: string) => `/pilgrims/${encodeURIComponent(id)}/pdf`,
  sendPdf: (id: string) => `/pilgrims/${encodeURIComponent(id)}/send-pdf`,
  export: '/pilgrims/export',
  importTemplate: '/pilgrims/import/template',
  importPreview: '/pilgrims/import/preview',
  import: '/pilgrims/import',
  sesFile: (establishmentId: string) =>
    `/establishments/${encodeURIComponent(establishmentId)}/ses-xml`,
  // Sending to SES.HOSPEDAJES (decision 035).
  sesConnection: (establishmentId: string) =>
    `/establishments/${encodeURIComponent(establishmentId)}/ses-connection`,
  sesConnectionCheck: (establishmentId: string) =>
    `/establishments/${encodeURIComponent(establishmentId)}/ses-connection/check`,
  sesSubmissions: (establishmentId: string) =>
    `/establishments/${encodeURIComponent(establishmentId)}/ses-submissions`,
  sesSubmissionCheck: (id: string) => `/ses-submissions/${encodeURIComponent(id)}/check`,
  // The Mossos d'Esquadra's file and its confirmed upload (decision 057).
  mossosFile: (establishmentId: string) =>
    `/establishments/${encodeURIComponent(establishmentId)}/mossos-file`,
  mossosUploaded: (establishmentId: string, uploadId: string) =>
    `/establishments/${encodeURIComponent(establishmentId)}/authority-uploads/${encodeURIComponent(uploadId)}/uploaded`,
  // The Ertzaintza's A19 certificate of a Basque establishment (decision 056).
  a19Certificate: (establishmentId: string) =>
    `/establishments/${encodeURIComponent(establishmentId)}/a19-certificate`,
  // Sending by itself (decision 044).
  sesSchedule: (establishmentId: string) =>
    `/establishments/${encodeURIComponent(establishmentId)}/ses-schedule`,
} as const;

/** Spec §7: the PDF's name when the answer gives none. */
export const DEFAULT_PDF_NAME = 'pilgrim_registration.pdf';
