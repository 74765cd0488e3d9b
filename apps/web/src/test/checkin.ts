/**
 * GET /api/public/checkin/{token} answered for a valid link: the albergue behind it, as the self
 * check-in page reads it (mainland clock, photos of documents kept).
 */
export const CHECKIN_LINK_INFO = {
  body: {
    success: true,
    data: {
      establishment: {
        name: 'Albergue del Camino',
        city: 'Burgos',
        type: 'hostel',
        keepDocumentImages: true,
        timeZone: 'Europe/Madrid',
      },
    },
  },
};
