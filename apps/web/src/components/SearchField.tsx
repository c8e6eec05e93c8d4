import type { ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchRounded from '@mui/icons-material/SearchRounded';

interface SearchFieldProps {
  value: string;
  onChange: (text: string) => void;
  /** Shown in the box and read as its name. */
  placeholder: string;
  type?: 'search';
  fullWidth?: boolean;
  /** At the end of the box (a clear button). */
  endAdornment?: ReactNode;
  sx?: SxProps<Theme>;
}

/** A small search box that filters as one types (at most 100 characters), with a search icon. */
export function SearchField({ value, onChange, placeholder, type, fullWidth, endAdornment, sx }: SearchFieldProps) {
  return (
    <TextField
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      size="small"
      type={type}
      fullWidth={fullWidth}
      sx={sx}
      slotProps={{
        htmlInput: { 'aria-label': placeholder, maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
          endAdornment,
        },
      }}
    />
  );
}
