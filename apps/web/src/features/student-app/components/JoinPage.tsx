import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LocalLibraryOutlined from '@mui/icons-material/LocalLibraryOutlined';
import { studentAppMessages as text } from '@app/shared';
import { studentApi } from '../api/calls';
import { forgetStudentSession } from '../api/client';
import { adoptServerLanguage, languageField } from '@/lib/language-switch';
import { codeFromHash, looksLikeCode } from '../api/join-code';
import { StudentLanguageSwitch } from './StudentLanguageSwitch';
import { STUDENT_HOME } from '../service-worker/register';
import { clockOffset, readStudentSession, saveStudentSession } from '../api/session';

/**
 * Join: the student's code (from the desk's link, or typed) becomes a student session on this
 * phone. A link's code is taken at once, and the fragment leaves the address bar.
 */
export function JoinPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [linkCode] = useState(() => codeFromHash(location.hash));
  const [code, setCode] = useState(linkCode ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [invalid, setInvalid] = useState(false);
  const started = useRef(false);
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;

  const join = async (value: string) => {
    if (!looksLikeCode(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setBusy(true);
    setError(undefined);
    try {
      const result = await studentApi.join(value);
      // A new sign-in replaces whatever this phone kept of an earlier one.
      forgetStudentSession();
      saveStudentSession({
        token: result.token,
        session_id: result.session_id,
        pass_key: result.pass_key,
        student: result.student,
        library: result.library,
        clock_offset_ms: clockOffset(result.server_time),
      });
      // Issue 20: the student's own language wins over this phone's (the page reloads in it);
      // none chosen yet, this phone's becomes theirs.
      adoptServerLanguage(languageField(result.student), studentApi.saveLanguage);
      void navigate(STUDENT_HOME, { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : text.join.failed);
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!linkCode || started.current) return;
    started.current = true;
    void navigate(location.pathname, { replace: true });
    void join(linkCode);
    // Once, for the code the link carried.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkCode]);

  if (!linkCode && !signedOut && readStudentSession()) return <Navigate to={STUDENT_HOME} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void join(code);
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: 4,
        pt: 8,
        bgcolor: 'background.default',
        position: 'relative',
      }}
    >
      <Box sx={{ position: 'absolute', top: 12, right: 12 }}>
        <StudentLanguageSwitch />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <LocalLibraryOutlined color="primary" fontSize="large" />
          <Typography variant="h5" component="h1">
            {text.join.title}
          </Typography>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {text.join.intro}
        </Typography>
        {signedOut && !error && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {text.join.signedOut}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={text.join.code}
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            error={invalid}
            helperText={invalid ? text.join.codeInvalid : text.join.codeHelp}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            slotProps={{ htmlInput: { maxLength: 12, style: { letterSpacing: '0.15em', fontSize: '1.25rem' } } }}
            disabled={busy}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? text.join.joining : text.join.submit}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
