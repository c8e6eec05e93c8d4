import { coreMessages, paymentMessages } from '@app/shared';
import { DayBookPage } from '@/features/payments/components/DayBookPage';

export function DayBookRoute() {
  return (
    <>
      <title>{`${paymentMessages.dayBook.title} · ${coreMessages.app.name}`}</title>
      <DayBookPage />
    </>
  );
}
