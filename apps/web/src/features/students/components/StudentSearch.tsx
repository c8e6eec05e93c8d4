import { studentMessages } from '@app/shared';
import { SearchForm } from '@/components/SearchForm';

const m = studentMessages;

interface StudentSearchProps {
  onSearch: (text: string) => void;
}

/** The search box with its search button and clear control (SPEC.md §2 Students list). */
export function StudentSearch({ onSearch }: StudentSearchProps) {
  return <SearchForm texts={m} onSearch={onSearch} />;
}
