// jsdom ships no typings; tests running without a page (`@vitest-environment node`) parse markup with it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
