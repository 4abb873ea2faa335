/**
 * The ALTER SYSTEM overlay: preflight a settings map against pg_settings ({@link org.pgknobs.overlay.Preflight}),
 * apply it from the server's defaults, restart only on pending_restart, verify every value
 * ({@link org.pgknobs.overlay.OverlayEngine}); capture and restore an external server's
 * postgresql.auto.conf ({@link org.pgknobs.overlay.AutoConfState}). Values are compared the way guc.c
 * parses them ({@link org.pgknobs.overlay.SettingValue}).
 */
package org.pgknobs.overlay;
