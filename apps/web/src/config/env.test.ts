import { describe, expect, it } from 'vitest';
import { parseApiBase } from './env';

describe('parseApiBase', () => {
  it('defaults to /api and drops trailing slashes and blanks around', () => {
    expect(parseApiBase(undefined)).toBe('/api');
    expect(parseApiBase(' /api/ ')).toBe('/api');
    expect(parseApiBase('https://api.example.in//')).toBe('https://api.example.in');
  });
  it.each(['', '   ', 'api', 'ftp://x'])('refuses %j', (raw) => {
    expect(() => parseApiBase(raw)).toThrow(/VITE_API_BASE must be a path like \/api or an http\(s\) URL/);
  });
});
