import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { studentAppMessages as text } from '@app/shared';
import { me, ok, renderStudentApp, stubStudentApi } from '../test/student-test-utils';

describe('Library', () => {
  it('shows the address and links to call and to WhatsApp the library', async () => {
    stubStudentApi({ 'GET /api/student/me': () => ok(me) });
    renderStudentApp('/student/library');
    expect(await screen.findByText('12 Civil Lines, Jaipur')).toBeTruthy();
    expect(screen.getByRole('link', { name: text.library.call }).getAttribute('href')).toBe('tel:9876543210');
    expect(screen.getByRole('link', { name: text.library.whatsapp }).getAttribute('href')).toBe(
      'https://wa.me/919876543210',
    );
  });

  it('without a WhatsApp number offers only the call', async () => {
    stubStudentApi({
      'GET /api/student/me': () => ok({ ...me, library: { ...me.library, whatsapp: null, whatsapp_link: null } }),
    });
    renderStudentApp('/student/library');
    expect(await screen.findByRole('link', { name: text.library.call })).toBeTruthy();
    expect(screen.queryByRole('link', { name: text.library.whatsapp })).toBeNull();
  });

  it('shows the library’s privacy notice (issue 19)', async () => {
    stubStudentApi({ 'GET /api/student/me': () => ok(me) });
    renderStudentApp('/student/library');
    const notice = await screen.findByRole('region', { name: text.library.privacyNotice });
    expect(notice.textContent).toContain(text.library.privacyNoticeIntro);
    expect(notice.textContent).toContain(me.library.privacy_notice);
  });
});
