import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DateField } from '@mui/x-date-pickers/DateField';
import { setLanguage } from '@app/shared';
import { loadHindi } from '@app/shared/i18n/hindi';
import { DatePickersProvider } from './DatePickersProvider';

afterEach(() => setLanguage('en'));

describe('DatePickersProvider', () => {
  it('keeps MUI X’s own English texts on an English page', () => {
    render(
      <DatePickersProvider>
        <DateField label="When" format="DD/MM/YYYY" />
      </DatePickersProvider>,
    );
    expect(screen.getByRole('spinbutton', { name: 'Month' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Year' })).toBeTruthy();
  });

  it('gives the pickers Hindi texts from the catalogue on a Hindi page (MUI X has no Hindi locale)', () => {
    loadHindi();
    setLanguage('hi');
    render(
      <DatePickersProvider>
        <DateField label="कब" format="DD/MM/YYYY" />
      </DatePickersProvider>,
    );
    expect(screen.getByRole('spinbutton', { name: 'महीना' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'साल' })).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: 'Month' })).toBeNull();
  });
});
