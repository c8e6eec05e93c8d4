import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { studentAppMessages as text, type StudentMe } from '@app/shared';
import { studentApi } from '../api/calls';
import { useStudentData } from '../hooks/use-student-data';
import { DataState } from './DataState';

function Library({ library }: { library: StudentMe['library'] }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {library.name}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          {library.address && (
            <>
              <Typography variant="overline" component="h2" color="text.secondary">
                {text.library.address}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{library.address}</Typography>
            </>
          )}
          {library.phone ? (
            <>
              <Typography variant="overline" component="h2" color="text.secondary">
                {text.library.phone}
              </Typography>
              <Typography sx={{ mb: 2 }}>{library.phone}</Typography>
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button variant="contained" startIcon={<PhoneOutlined />} href={`tel:${library.phone}`}>
                  {text.library.call}
                </Button>
                {library.whatsapp_link && (
                  <Button
                    variant="outlined"
                    startIcon={<WhatsApp />}
                    href={library.whatsapp_link}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {text.library.whatsapp}
                  </Button>
                )}
              </Stack>
            </>
          ) : (
            <Typography color="text.secondary">{text.library.noContact}</Typography>
          )}
        </CardContent>
      </Card>
      {library.privacy_notice ? (
        <Card variant="outlined" component="section" aria-labelledby="privacy-notice-title">
          <CardContent>
            <Typography id="privacy-notice-title" variant="overline" component="h2" color="text.secondary">
              {text.library.privacyNotice}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {text.library.privacyNoticeIntro}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{library.privacy_notice}</Typography>
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}

/**
 * The library: address, call and WhatsApp, and the privacy notice the student agreed to
 * (issue 19), from the same saved answer as Home, so offline too.
 */
export function LibraryPage() {
  const me = useStudentData('me', studentApi.me);
  return <DataState state={me}>{(data) => <Library library={data.library} />}</DataState>;
}
