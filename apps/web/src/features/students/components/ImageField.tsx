import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import { STUDENT_IMAGE_TYPES, studentMessages } from '@app/shared';

const m = studentMessages;

interface ImageFieldProps {
  label: string;
  required: boolean;
  /** The file chosen in this form, if any. */
  file: File | null | undefined;
  /** The stored image's (signed) URL, previewed in edit mode until a new file is chosen. */
  existingUrl?: string | null;
  error?: string;
  /** Square for the profile photo, card-shaped for the Aadhaar sides. */
  shape: 'square' | 'card';
  onChange: (file: File | null) => void;
  onBlur: () => void;
  inputRef?: (element: HTMLInputElement | null) => void;
}

/**
 * A preview of a chosen file, as a data URL read in the background (nothing to revoke,
 * so it survives React's double effects in development).
 */
function usePreviewUrl(file: File | null | undefined): string | undefined {
  const [preview, setPreview] = useState<{ file: File; url: string }>();
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : undefined;
}

/** An image input with its preview: the new file's, else the stored image's, else a placeholder. */
export function ImageField({
  label,
  required,
  file,
  existingUrl,
  error,
  shape,
  onChange,
  onBlur,
  inputRef,
}: ImageFieldProps) {
  const id = useId();
  const previewUrl = usePreviewUrl(file);
  const shown = previewUrl ?? existingUrl ?? undefined;
  const hasImage = Boolean(shown);
  return (
    <Stack spacing={1}>
      <Typography component="label" htmlFor={id} variant="subtitle2" color={error ? 'error' : 'text.primary'}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Box
        sx={{
          aspectRatio: shape === 'square' ? '1 / 1' : '1.586 / 1',
          maxHeight: 180,
          borderRadius: 2,
          border: 1,
          borderStyle: hasImage ? 'solid' : 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={m.imagePreview(label)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Stack spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', px: 1, textAlign: 'center' }}>
            <AddPhotoAlternateOutlined />
            <Typography variant="caption">{m.noImage}</Typography>
          </Stack>
        )}
      </Box>
      <Button component="label" variant="outlined" size="small" sx={{ alignSelf: 'flex-start' }}>
        {hasImage ? m.change : m.choose}
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept={STUDENT_IMAGE_TYPES.join(',')}
          aria-label={label}
          aria-invalid={Boolean(error)}
          hidden
          onBlur={onBlur}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
      </Button>
      <FormHelperText error={Boolean(error)} sx={{ mt: 0 }}>
        {error ?? (file ? file.name : m.imageHint)}
      </FormHelperText>
    </Stack>
  );
}
