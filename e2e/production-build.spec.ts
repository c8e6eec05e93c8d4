import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * What the production build hands to browsers (issue 12, item 12): our source code is not
 * published as source maps, neither as files nor as links from the scripts.
 */
const assets = path.resolve('apps/web/dist/assets');

test('the served build carries no source maps', async ({ page, request }) => {
  const maps = fs.readdirSync(assets).filter((file) => file.endsWith('.map'));
  expect(maps, 'source maps in the build').toEqual([]);

  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  for (const url of ['/', '/login', '/register', '/app/dashboard']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  const some = [...fs.readdirSync(assets).filter((file) => file.endsWith('.js'))].slice(0, 5);
  for (const file of some) scripts.add(new URL(`/assets/${file}`, page.url()).toString());
  expect(scripts.size).toBeGreaterThan(3);

  for (const script of scripts) {
    const body = await (await request.get(script)).text();
    expect(body, script).not.toContain('sourceMappingURL');
    const map = await request.get(`${script}.map`);
    expect(map.status(), `${script}.map`).toBe(404);
  }
});
