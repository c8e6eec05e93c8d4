import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QrCode2 from '@mui/icons-material/QrCode2';
import { studentAppMessages as text, type StudentMe } from '@app/shared';
import { studentApi } from '../api/calls';
import { useStudentData } from '../hooks/use-student-data';
import { DataState } from './DataState';
import { InstallCard } from './InstallCard';
import { MembershipCard } from './MembershipCard';
import { PushCard } from './PushCard';

function Membership({ me }: { me: StudentMe }) {
  const [current, ...later] = me.memberships;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {text.home.greeting(me.student.first_name)}
      </Typography>
      {current ? (
        <MembershipCard plan={current} title={text.home.membership} />
      ) : (
        <Card variant="outlined">
          <CardContent>
            <Typography>{text.home.noMembership}</Typography>
          </CardContent>
        </Card>
      )}
      {current && current.status !== 'expired' && (
        <Button component={RouterLink} to="/student/pass" variant="contained" size="large" startIcon={<QrCode2 />}>
          {text.home.showPass}
        </Button>
      )}
      <PushCard />
      <InstallCard />
      {later.map((plan) => (
        <MembershipCard key={plan.subscription_id} plan={plan} title={text.home.upcomingPlan} />
      ))}
    </Stack>
  );
}

/** Home: the student's membership first, then the notifications and install offers. */
export function HomePage() {
  const me = useStudentData('me', studentApi.me);
  return <DataState state={me}>{(data) => <Membership me={data} />}</DataState>;
}
