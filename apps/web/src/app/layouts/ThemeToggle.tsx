import IconButton from '@mui/material/IconButton';
import { Tooltip } from '@/components/Tooltip';
import DarkModeRounded from '@mui/icons-material/DarkModeRounded';
import LightModeRounded from '@mui/icons-material/LightModeRounded';
import SettingsBrightnessRounded from '@mui/icons-material/SettingsBrightnessRounded';
import type { ReactElement } from 'react';
import { type ThemeMode, coreMessages } from '@app/shared';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { toggleTheme } from '@/lib/store/theme-slice';

const MODES: Record<ThemeMode, { label: string; icon: ReactElement }> = {
  light: { label: coreMessages.shell.themeLight, icon: <LightModeRounded /> },
  dark: { label: coreMessages.shell.themeDark, icon: <DarkModeRounded /> },
  system: { label: coreMessages.shell.themeSystem, icon: <SettingsBrightnessRounded /> },
};

/** Cycles light → dark → system (SPEC.md §3); the icon and label show the current mode. */
export function ThemeToggle() {
  const mode = useAppSelector((state) => state.theme.mode);
  const dispatch = useAppDispatch();
  const { label, icon } = MODES[mode];
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => dispatch(toggleTheme())}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
