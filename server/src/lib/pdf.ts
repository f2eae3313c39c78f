import { createRequire } from 'node:module';
import path from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
/** pdfmake's Node build: a CommonJS instance whose methods an ESM namespace import does not expose. */
const pdfmake = require('pdfmake') as typeof import('pdfmake');

// Roboto (shipped with pdfmake) covers every letter of Flemish and immigrant names and the euro sign.
const fontFolder = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
pdfmake.setFonts({
  Roboto: {
    normal: path.join(fontFolder, 'Roboto-Regular.ttf'),
    bold: path.join(fontFolder, 'Roboto-Medium.ttf'),
    italics: path.join(fontFolder, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontFolder, 'Roboto-MediumItalic.ttf'),
  },
});
// The documents name no images or links: nothing outside the font folder may be read, nothing fetched.
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontFolder + path.sep));
pdfmake.setUrlAccessPolicy(() => false);

/** The PDF of a document definition, in memory (the product's PDFs are a few pages). */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(definition).getBuffer();
}
