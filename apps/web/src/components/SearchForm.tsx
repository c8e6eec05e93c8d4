import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import ClearRounded from '@mui/icons-material/ClearRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { SearchField } from './SearchField';

/** The texts of a search form: the feature's own catalogue section. */
export interface SearchTexts {
  searchPlaceholder: string;
  search: string;
  clearSearch: string;
}

interface SearchFormProps {
  texts: SearchTexts;
  onSearch: (text: string) => void;
  /** Called by the clear control; without it, clearing searches for nothing. */
  onClear?: () => void;
  /** Whether the box grows to fill its row (up to 520 px). */
  grow?: boolean;
}

/** A search box with a search button and a clear control; it searches on the button or Enter. */
export function SearchForm({ texts, onSearch, onClear, grow = false }: SearchFormProps) {
  const { searchPlaceholder: placeholder, search: searchLabel, clearSearch: clearLabel } = texts;
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  const clear = () => {
    setText('');
    if (onClear) onClear();
    else onSearch('');
  };
  return (
    <Stack
      component="form"
      role="search"
      direction="row"
      spacing={1}
      onSubmit={submit}
      sx={{ maxWidth: 520, ...(grow ? { flex: 1 } : {}) }}
    >
      <SearchField
        value={text}
        onChange={setText}
        placeholder={placeholder}
        fullWidth
        endAdornment={
          text ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={clearLabel} onClick={clear}>
                <ClearRounded fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined
        }
      />
      <Button type="submit" variant="outlined" startIcon={<SearchRounded />}>
        {searchLabel}
      </Button>
    </Stack>
  );
}
