import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '@/server/errors';

/** A font file pdfkit can embed, and the face inside it (a .ttc collection holds several). */
export interface PdfFont {
  file: string;
  face?: string;
}

/**
 * Where the CJK fonts of the PDFs come from (ADR 0040), first found wins: `PDF_FONT_PATH` (and
 * `PDF_FONT_BOLD_PATH`), the Noto Sans SC files of the npm package @expo-google-fonts/noto-sans-sc
 * (installed by `npm install`, so a fresh machine has them), then Debian's fonts-noto-cjk.
 */
function candidates(weight: 'regular' | 'bold'): PdfFont[] {
  const env = weight === 'bold' ? process.env.PDF_FONT_BOLD_PATH : process.env.PDF_FONT_PATH;
  const pkg = path.join(process.cwd(), 'node_modules', '@expo-google-fonts', 'noto-sans-sc');
  const file = weight === 'bold' ? path.join(pkg, '700Bold', 'NotoSansSC_700Bold.ttf') : path.join(pkg, '400Regular', 'NotoSansSC_400Regular.ttf');
  const debian = weight === 'bold' ? '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc' : '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
  return [
    ...(env ? [{ file: env }] : []),
    { file },
    { file: debian, face: weight === 'bold' ? 'NotoSansCJKsc-Bold' : 'NotoSansCJKsc-Regular' },
  ];
}

/** The regular and bold CJK fonts; 500 `pdfFontMissing` naming the places looked at when none is there. */
export function pdfFonts(): { regular: PdfFont; bold: PdfFont } {
  const pick = (weight: 'regular' | 'bold'): PdfFont | undefined => candidates(weight).find((f) => existsSync(f.file));
  const regular = pick('regular');
  if (!regular) {
    throw new AppError(500, 'pdfFontMissing', { looked: candidates('regular').map((f) => f.file) });
  }
  return { regular, bold: pick('bold') ?? regular };
}
