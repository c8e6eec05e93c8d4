import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ClearRounded from '@mui/icons-material/ClearRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { messages } from '@app/shared';

const m = messages.students;

interface StudentSearchProps {
  onSearch: (text: string) => void;
}

/** The search box with its search button and clear control (SPEC.md §2 Students list). */
export function StudentSearch({ onSearch }: StudentSearchProps) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  const clear = () => {
    setText('');
    onSearch('');
  };
  return (
    <Stack component="form" role="search" direction="row" spacing={1} onSubmit={submit} sx={{ maxWidth: 520 }}>
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={m.searchPlaceholder}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { 'aria-label': m.searchPlaceholder, maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={m.clearSearch} onClick={clear}>
                  <ClearRounded fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Button type="submit" variant="outlined" startIcon={<SearchRounded />}>
        {m.search}
      </Button>
    </Stack>
  );
}
