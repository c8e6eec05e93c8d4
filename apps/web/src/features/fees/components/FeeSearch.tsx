import { feeMessages } from '@app/shared';
import { SearchForm } from '@/components/SearchForm';

const m = feeMessages;

interface FeeSearchProps {
  onSearch: (text: string) => void;
  onClear: () => void;
}

/** Search Student... with its clear and search buttons; it searches on the button or Enter. */
export function FeeSearch({ onSearch, onClear }: FeeSearchProps) {
  return <SearchForm texts={m} onSearch={onSearch} onClear={onClear} grow />;
}
