/**
 * Renders the default site icons from public/favicon.svg with headless Chromium (Playwright) into
 * public/: favicon.ico (32×32 PNG inside an ICO container), apple-touch-icon.png (180), icon-192.png,
 * icon-512.png, icon-maskable-512.png (padded) and og-default.png (1200×630 share image). Run once
 * after changing the SVG: `npx tsx scripts/make-icons.ts`. The uploaded site logo replaces them at run
 * time (src/server/render/head.ts, /manifest.webmanifest).
 */
import { chromium } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined, args: ['--no-sandbox'] });
const page = await browser.newPage();

async function shot(width: number, height: number, body: string): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(`<html><body style="margin:0;width:${width}px;height:${height}px;overflow:hidden">${body}</body></html>`);
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width, height } });
}
const icon = (size: number, pad = 0) => shot(size, size, `<div style="box-sizing:border-box;width:${size}px;height:${size}px;padding:${pad}px;background:${pad ? '#0f766e' : 'transparent'}">${svg.replace('<svg ', `<svg width="${size - 2 * pad}" height="${size - 2 * pad}" `)}</div>`);

/** An ICO file holding one PNG image (allowed since Windows Vista; every current browser reads it). */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6); header.writeUInt8(size, 7); header.writeUInt8(0, 8); header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); header.writeUInt16LE(32, 12); header.writeUInt32LE(png.length, 14); header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

writeFileSync('public/favicon.ico', ico(await icon(32), 32));
writeFileSync('public/apple-touch-icon.png', await icon(180));
writeFileSync('public/icon-192.png', await icon(192));
writeFileSync('public/icon-512.png', await icon(512));
writeFileSync('public/icon-maskable-512.png', await icon(512, 64));
writeFileSync('public/og-default.png', await shot(1200, 630, `<div style="width:1200px;height:630px;background:#0f766e;display:grid;place-items:center">${svg.replace('<svg ', '<svg width="360" height="360" ')}</div>`));
await browser.close();
