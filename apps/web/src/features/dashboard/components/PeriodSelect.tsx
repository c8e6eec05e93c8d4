import { useId } from 'react';
import Box from '@mui/material/Box';
import ArrowDropDownRounded from '@mui/icons-material/ArrowDropDownRounded';
import { DASHBOARD_PERIODS, type DashboardPeriod, dashboardMessages } from '@app/shared';

const m = dashboardMessages;

interface PeriodSelectProps {
  period: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}

// MUI's outlined field's border colour.
const outline = (mode: 'light' | 'dark') => (mode === 'dark' ? 'rgba(255, 255, 255, 0.23)' : 'rgba(0, 0, 0, 0.23)');

/**
 * The Fee Overview's period selector: a native select drawn as MUI's small outlined field with its
 * label raised into the border (issue 18). MUI's TextField with its Select, Menu, Popover and Modal
 * was on the dashboard's first paint for this one control; a native select needs none of it, and a
 * phone opens its own picker. Its accessible name is the label; its options the periods' texts.
 */
export function PeriodSelect({ period, onChange }: PeriodSelectProps) {
  const id = useId();
  return (
    <Box
      sx={{
        position: 'relative',
        display: 'inline-flex',
        minWidth: 180,
        typography: 'body1',
        '&:hover fieldset': { borderColor: 'text.primary' },
        '&:has(select:focus) fieldset': { borderColor: 'primary.main', borderWidth: 2 },
        '&:has(select:focus) label': { color: 'primary.main' },
      }}
    >
      <Box
        component="label"
        htmlFor={id}
        sx={{
          position: 'absolute',
          left: 0,
          top: 0,
          zIndex: 1,
          transform: 'translate(14px, -9px) scale(0.75)',
          transformOrigin: 'top left',
          lineHeight: '1.4375em',
          color: 'text.secondary',
          whiteSpace: 'nowrap',
          pointerEvents: 'none',
        }}
      >
        {m.period}
      </Box>
      <Box
        component="select"
        id={id}
        value={period}
        onChange={(event) => onChange((event.target as HTMLSelectElement).value as DashboardPeriod)}
        sx={{
          appearance: 'none',
          width: '100%',
          m: 0,
          border: 0,
          outline: 0,
          bgcolor: 'transparent',
          color: 'text.primary',
          font: 'inherit',
          lineHeight: '1.4375em',
          height: '1.4375em',
          boxSizing: 'content-box',
          py: '8.5px',
          pl: '14px',
          pr: '32px',
          borderRadius: 1,
          cursor: 'pointer',
          '& option': { color: 'text.primary', bgcolor: 'background.paper' },
        }}
      >
        {DASHBOARD_PERIODS.map((value) => (
          <option key={value} value={value}>
            {m.periods[value]}
          </option>
        ))}
      </Box>
      <ArrowDropDownRounded
        aria-hidden
        sx={{ position: 'absolute', right: 7, top: 'calc(50% - 0.5em)', color: 'action.active', pointerEvents: 'none' }}
      />
      {/* The outline, with a gap for the label as MUI's notched outline has. */}
      <Box
        component="fieldset"
        aria-hidden
        sx={{
          position: 'absolute',
          inset: '-5px 0 0',
          m: 0,
          px: '8px',
          py: 0,
          border: 1,
          borderColor: (t) => outline(t.palette.mode),
          borderRadius: 1,
          pointerEvents: 'none',
          minWidth: 0,
          overflow: 'hidden',
          textAlign: 'left',
        }}
      >
        <Box
          component="legend"
          sx={{
            float: 'unset',
            width: 'auto',
            overflow: 'hidden',
            display: 'block',
            p: 0,
            height: 11,
            fontSize: '0.75em',
            visibility: 'hidden',
            maxWidth: '100%',
            whiteSpace: 'nowrap',
          }}
        >
          <Box component="span" sx={{ px: '5px', display: 'inline-block', opacity: 0, visibility: 'visible' }}>
            {m.period}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
