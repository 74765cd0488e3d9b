/**
 * The 52 Spanish provinces with their INE codes (the first two digits of a postal code and of an
 * INE municipality code), the spelling variants people type, and the authority each reports
 * travelers to (reference ses-hospedajes.md §0.1): Catalonia → Mossos d'Esquadra, the Basque
 * Country → Ertzaintza, everywhere else → SES.HOSPEDAJES.
 */
import type { Authority } from './codes';
import { SPAIN_TIME_ZONE } from './dates';

export interface Province {
  code: string;
  name: string;
  variants: readonly string[];
  authority: Authority;
}

const p = (
  code: string,
  name: string,
  variants: string[] = [],
  authority: Authority = 'ses',
): Province => ({
  code,
  name,
  variants,
  authority,
});

export const PROVINCES: readonly Province[] = [
  p('01', 'Araba/Álava', ['Álava', 'Araba', 'Álava/Araba'], 'ertzaintza'),
  p('02', 'Albacete'),
  p('03', 'Alicante/Alacant', ['Alicante', 'Alacant']),
  p('04', 'Almería'),
  p('05', 'Ávila'),
  p('06', 'Badajoz'),
  p('07', 'Illes Balears', ['Islas Baleares', 'Baleares', 'Balears', 'Balearic Islands']),
  p('08', 'Barcelona', [], 'mossos'),
  p('09', 'Burgos'),
  p('10', 'Cáceres'),
  p('11', 'Cádiz'),
  p('12', 'Castellón/Castelló', ['Castellón', 'Castelló', 'Castellón de la Plana']),
  p('13', 'Ciudad Real'),
  p('14', 'Córdoba'),
  p('15', 'A Coruña', ['La Coruña', 'Coruña', 'Coruña, A']),
  p('16', 'Cuenca'),
  p('17', 'Girona', ['Gerona'], 'mossos'),
  p('18', 'Granada'),
  p('19', 'Guadalajara'),
  p('20', 'Gipuzkoa', ['Guipúzcoa', 'Guipuzkoa'], 'ertzaintza'),
  p('21', 'Huelva'),
  p('22', 'Huesca', ['Uesca']),
  p('23', 'Jaén'),
  p('24', 'León'),
  p('25', 'Lleida', ['Lérida'], 'mossos'),
  p('26', 'La Rioja', ['Rioja', 'Rioja, La']),
  p('27', 'Lugo'),
  p('28', 'Madrid'),
  p('29', 'Málaga'),
  p('30', 'Murcia', ['Región de Murcia']),
  p('31', 'Navarra', ['Nafarroa', 'Navarra/Nafarroa', 'Comunidad Foral de Navarra']),
  p('32', 'Ourense', ['Orense']),
  p('33', 'Asturias', ['Principado de Asturias', 'Oviedo']),
  p('34', 'Palencia'),
  p('35', 'Las Palmas', ['Palmas, Las', 'Palmas']),
  p('36', 'Pontevedra'),
  p('37', 'Salamanca'),
  p('38', 'Santa Cruz de Tenerife', ['Tenerife', 'S.C. Tenerife', 'SC Tenerife']),
  p('39', 'Cantabria', ['Santander']),
  p('40', 'Segovia'),
  p('41', 'Sevilla', ['Seville']),
  p('42', 'Soria'),
  p('43', 'Tarragona', [], 'mossos'),
  p('44', 'Teruel'),
  p('45', 'Toledo'),
  p('46', 'Valencia/València', ['Valencia', 'València']),
  p('47', 'Valladolid'),
  p('48', 'Bizkaia', ['Vizcaya', 'Biscay'], 'ertzaintza'),
  p('49', 'Zamora'),
  p('50', 'Zaragoza', ['Saragossa']),
  p('51', 'Ceuta'),
  p('52', 'Melilla'),
];

/** Lower case, no accents, letters and digits only: "Álava / Araba" → "alavaaraba". */
export function provinceKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const BY_KEY = new Map<string, Province>();
for (const province of PROVINCES) {
  for (const name of [province.name, ...province.variants, ...province.name.split('/')]) {
    BY_KEY.set(provinceKey(name), province);
  }
}
const BY_CODE = new Map<string, Province>(PROVINCES.map((province) => [province.code, province]));

/**
 * The province named by a text, in any accepted spelling ("Lérida", "LLEIDA", "lleida",
 * "Araba / Álava", "Vizcaya"), or by its two-digit INE code; undefined when unknown.
 */
export function findProvince(value: string | null | undefined): Province | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d{2}$/.test(trimmed)) return BY_CODE.get(trimmed);
  const key = provinceKey(trimmed);
  const direct = BY_KEY.get(key);
  if (direct) return direct;
  // "Araba/Álava", "Valencia - València": try each part.
  for (const part of trimmed.split(/[/,-]/)) {
    const found = BY_KEY.get(provinceKey(part));
    if (found) return found;
  }
  return undefined;
}

/** The province of a Spanish postal code (its first two digits). */
export function provinceOfPostalCode(postalCode: string | null | undefined): Province | undefined {
  const match = /^\s*(\d{2})\d{3}\s*$/.exec(postalCode ?? '');
  return match ? BY_CODE.get(match[1]!) : undefined;
}

/**
 * The authority a lodging reports to, from its province (any spelling), else from its postal
 * code; SES when neither is recognised.
 */
export function authorityForProvince(
  province: string | null | undefined,
  postalCode?: string | null,
): Authority {
  return (findProvince(province) ?? provinceOfPostalCode(postalCode))?.authority ?? 'ses';
}

/** The authority an establishment reports to: the one chosen, else the one of its province. */
export function reportingAuthority(establishment: {
  authority: Authority | null;
  province: string | null;
  postalCode: string | null;
}): Authority {
  return (
    establishment.authority ??
    authorityForProvince(establishment.province, establishment.postalCode)
  );
}

/** The time of the Canary Islands, one hour behind the mainland's all year. */
export const CANARY_TIME_ZONE = 'Atlantic/Canary';
/** Las Palmas and Santa Cruz de Tenerife. */
const CANARY_PROVINCES = new Set(['35', '38']);

/**
 * The time zone of an establishment's clock, from its province (any spelling), else from its
 * postal code: the Canary Islands' for the two island provinces, mainland Spain's everywhere
 * else (Ceuta, Melilla and the Balearic Islands keep the mainland's). The entry date a desk
 * defaults to, and the local times SES reads, are this clock's.
 */
export function establishmentTimeZone(establishment: {
  province?: string | null;
  postalCode?: string | null;
}): string {
  const province =
    findProvince(establishment.province) ?? provinceOfPostalCode(establishment.postalCode);
  return province && CANARY_PROVINCES.has(province.code) ? CANARY_TIME_ZONE : SPAIN_TIME_ZONE;
}
