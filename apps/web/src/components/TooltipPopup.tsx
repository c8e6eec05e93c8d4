import MuiTooltip, { type TooltipProps } from '@mui/material/Tooltip';

interface TooltipPopupProps {
  id: string;
  anchor: HTMLElement;
  open: boolean;
  title: string;
  placement?: TooltipProps['placement'];
  onClose: () => void;
}

/**
 * components/Tooltip's popup, loaded on first use: MUI's Tooltip, opened and closed by its trigger's
 * listeners (its own are off) and anchored to the trigger, with an empty element of its own as its
 * child. It still closes on Escape (MUI's listener, which calls `onClose`).
 */
export default function TooltipPopup({ id, anchor, open, title, placement, onClose }: TooltipPopupProps) {
  return (
    <MuiTooltip
      id={id}
      open={open}
      onClose={onClose}
      title={title}
      placement={placement}
      disableHoverListener
      disableFocusListener
      disableTouchListener
      slotProps={{ popper: { anchorEl: anchor } }}
    >
      <span hidden />
    </MuiTooltip>
  );
}
