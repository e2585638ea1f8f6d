/**
 * « Mode urgence » as the site server sees it (docs/architecture.md#mode-urgence): the content
 * version ends in EMERGENCY_MARK while it is on (migration 20261218130000_emergency_mode.sql), so
 * the one poll that proves kept pages also says which variant every page is, and the switch moves
 * the version, so every kept page goes at once.
 */

export const EMERGENCY_MARK = '@urgence';

/** Whether a content_version() token says the mode is on. */
export const isEmergencyVersion = (version: string): boolean => version.endsWith(EMERGENCY_MARK);

/**
 * While it is on, a page kept by the server answers this many times longer without a render (a
 * kept page still goes only while its version is proven, so never after a withdrawal moved it).
 */
export const EMERGENCY_FRESH_FACTOR = 10;

/**
 * The mode as last read: it stays as it was while the version cannot be proven (an outage is no
 * reason to send the full pages again).
 */
export class EmergencyState {
  private on = false;

  /** Called with every new version (ContentVersion.onChange). */
  readonly update = (version: string): void => {
    this.on = isEmergencyVersion(version);
  };

  readonly isOn = (): boolean => this.on;
}
