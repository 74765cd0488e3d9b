/**
 * Registration PDF benchmark: N renders (default 200) of one-sheet PDFs in one process, travelers
 * rotating through Latin, Arabic, Chinese and Cyrillic names, each with a realistic signature PNG
 * (1200×400 RGBA, as a signature pad at 2× makes it), no document images (the default).
 * Prints the median and p95 per PDF (wall clock, and CPU time, which a busy machine distorts less),
 * the first (cold) render, mean size and peak RSS, as Markdown.
 *
 *   npx tsx apps/server/bench/pdf.ts [N] [--scripts=latin|all] [--images]
 */
import os from 'node:os';
import { signaturePng } from '../src/lib/pdf/fixtures';
import {
  renderRegistrationPdf,
  type PdfEstablishment,
  type PdfTraveler,
  type RegistrationPdfInput,
} from '../src/lib/pdf/registration-pdf';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 200);
const scripts = args.find((a) => a.startsWith('--scripts='))?.slice('--scripts='.length) ?? 'all';
const withImages = args.includes('--images');

const establishment: PdfEstablishment = {
  name: 'Albergue de Peregrinos San Roque',
  type: 'hostel',
  nif: 'B58378431',
  address: 'Rúa San Roque 2',
  city: 'Melide',
  province: 'A Coruña',
  postalCode: '15800',
  phone: '+34 981 000 000',
  establishmentCode: 'H150000123',
  includeDocumentImagesInPdf: withImages,
};

const base: Omit<PdfTraveler, 'firstName' | 'lastName' | 'nationality'> = {
  secondLastName: null,
  passportNumber: 'PAB123456',
  documentType: 'P',
  documentExpeditionDate: '2021-03-04',
  dateOfBirth: '1979-11-23',
  gender: 'F',
  entryDate: '2026-06-01',
  checkOutDate: '2026-06-02',
  contactInfo: { email: 'pilgrim@example.org', phone: '+34 600 111 222' },
  stay: {
    contractReference: 'RES-2026-0042',
    contractDate: '2026-05-20',
    entryDateTime: '2026-06-01T17:45',
    numberOfPersons: 1,
    paymentType: 'EFECT',
  },
};
const people: Array<
  Pick<PdfTraveler, 'firstName' | 'lastName' | 'secondLastName' | 'nationality' | 'address'>
> = [
  {
    firstName: 'José María',
    lastName: 'Núñez',
    secondLastName: 'García',
    nationality: 'ESP',
    address: {
      street: 'Calle de Alcalá 100, 3º izq.',
      municipalityCode: '28079',
      municipalityName: 'Madrid',
      postalCode: '28009',
      country: 'ESP',
    },
  },
  {
    firstName: 'محمد',
    lastName: 'العلي',
    nationality: 'MAR',
    address: {
      street: 'شارع محمد الخامس 12',
      municipalityName: 'الرباط',
      postalCode: '10000',
      country: 'MAR',
    },
  },
  {
    firstName: '伟',
    lastName: '王',
    nationality: 'CHN',
    address: {
      street: '北京市朝阳区建国路 88 号',
      municipalityName: '北京',
      postalCode: '100022',
      country: 'CHN',
    },
  },
  {
    firstName: 'Иван',
    lastName: 'Петров',
    nationality: 'RUS',
    address: {
      street: 'ул. Тверская, 7',
      municipalityName: 'Москва',
      postalCode: '125009',
      country: 'RUS',
    },
  },
];
const rotation = scripts === 'latin' ? people.slice(0, 1) : people;

async function main(): Promise<void> {
  const signatures = Array.from({ length: 4 }, (_, i) => signaturePng(1200 + i * 2, 400));
  const documentImage = withImages ? signaturePng(1400, 900) : null;
  const input = (i: number): RegistrationPdfInput => ({
    establishment,
    producedAt: new Date(Date.UTC(2026, 5, 1, 16, 0, i % 60)),
    sheets: [
      {
        reportNumber: `2026/${String(100 + i).padStart(6, '0')}`,
        traveler: {
          ...base,
          ...rotation[i % rotation.length]!,
          signatureImage: signatures[i % signatures.length]!,
          documentImages: documentImage ? [documentImage] : null,
        },
      },
    ],
  });

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  const t0 = performance.now();
  const first = await renderRegistrationPdf(input(0), { language: 'es' });
  const firstMs = performance.now() - t0;

  const times: number[] = [];
  const cpuTimes: number[] = [];
  let bytes = first.length;
  for (let i = 1; i <= N; i++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const pdf = await renderRegistrationPdf(input(i), { language: 'es' });
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - start);
    cpuTimes.push((used.user + used.system) / 1000);
    bytes += pdf.length;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const pct = (p: number, list = times) =>
    list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!;
  const mean = times.reduce((a, b) => a + b, 0) / times.length;

  const rows = [
    ['renders', String(N)],
    ['scripts', scripts === 'latin' ? 'Latin' : 'Latin, Arabic, Chinese, Cyrillic (rotating)'],
    ['document images', withImages ? 'yes (one 1400×900 PNG)' : 'no'],
    ['first render (cold: fonts parsed)', `${firstMs.toFixed(0)} ms`],
    ['median', `${pct(50).toFixed(1)} ms`],
    ['p95', `${pct(95).toFixed(1)} ms`],
    ['mean', `${mean.toFixed(1)} ms`],
    [
      'CPU time per PDF: median / p95',
      `${pct(50, cpuTimes).toFixed(1)} / ${pct(95, cpuTimes).toFixed(1)} ms`,
    ],
    ['max', `${times[times.length - 1]!.toFixed(1)} ms`],
    ['mean size', `${(bytes / (N + 1) / 1024).toFixed(0)} KiB`],
    ['peak RSS', `${(peakRss / 1024 / 1024).toFixed(0)} MB`],
    ['node', process.version],
    [
      'load average at the end',
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    ],
  ];
  const table = ['| measure | value |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)];
  process.stdout.write(`${table.join('\n')}\n`);
}

await main();
