import { messages } from '@app/shared';
import { DayBookPage } from '@/features/payments/components/DayBookPage';

export function DayBookRoute() {
  return (
    <>
      <title>{`${messages.payments.dayBook.title} · ${messages.app.name}`}</title>
      <DayBookPage />
    </>
  );
}
