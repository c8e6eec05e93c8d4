import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ClearRounded from '@mui/icons-material/ClearRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { messages } from '@app/shared';

const m = messages.fees;

interface FeeSearchProps {
  onSearch: (text: string) => void;
  onClear: () => void;
}

/** Search Student... with its clear and search buttons; it searches on the button or Enter. */
export function FeeSearch({ onSearch, onClear }: FeeSearchProps) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  const clear = () => {
    setText('');
    onClear();
  };
  return (
    <Stack component="form" role="search" direction="row" spacing={1} onSubmit={submit} sx={{ flex: 1, maxWidth: 520 }}>
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
