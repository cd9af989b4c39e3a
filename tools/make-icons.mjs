// Generates the installable app's PNG icons from the logo (apps/web/public/favicon.svg), once;
// the PNGs are committed. Run again after the logo changes: `node tools/make-icons.mjs`.
//
// Rasterised by Debian's chromium through Playwright (already the e2e browser), so no image
// library is added. "any" icons are the logo as it is (rounded corners, transparent outside);
// the maskable icon fills the whole square with the logo's background colour and keeps the
// glyph inside the central 80 % safe zone that launchers may crop to a circle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.join(import.meta.dirname, '..');
const publicDir = path.join(root, 'apps/web/public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? '#1d2939';
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // The glyph of a maskable icon is drawn at 70 % so it stays inside the 80 % safe circle.
    const inner = maskable ? Math.round(size * 0.7) : size;
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;` +
        `background:${maskable ? background : 'transparent'}">` +
        `<img src="${dataUrl}" width="${inner}" height="${inner}" alt=""></body></html>`,
    );
    await page.screenshot({
      path: path.join(publicDir, 'icons', file),
      omitBackground: !maskable,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
    console.log(`apps/web/public/icons/${file} (${size}×${size}${maskable ? ', maskable' : ''})`);
  }
} finally {
  await browser.close();
}
