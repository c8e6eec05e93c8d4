import { coreMessages, feeMessages } from '@app/shared';
import { FeeReportPage } from '@/features/fees/components/FeeReportPage';

export function FeeReportRoute() {
  return (
    <>
      <title>{`${feeMessages.title} · ${coreMessages.app.name}`}</title>
      <FeeReportPage />
    </>
  );
}
