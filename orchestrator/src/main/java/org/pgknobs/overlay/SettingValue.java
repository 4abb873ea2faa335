package org.pgknobs.overlay;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A parameter value normalized the way PostgreSQL's guc.c reads it, so that a request ("8MB") and what
 * pg_settings shows ("1024" in units of 8kB) compare equal. Numbers are held in the parameter's base
 * unit; booleans and enums in their canonical lower-case spelling; strings and lists as trimmed text.
 *
 * @param text   the canonical text (numbers: the base-unit value as pg_settings would print it)
 * @param number the value in the parameter's base unit, for integer and real parameters; else null
 */
public record SettingValue(String vartype, String text, Double number) {

    private static final List<String> MEMORY_UNITS = List.of("TB", "GB", "MB", "kB", "B");
    private static final List<Long> MEMORY_BYTES = List.of(1L << 40, 1L << 30, 1L << 20, 1L << 10, 1L);
    private static final List<String> TIME_UNITS = List.of("d", "h", "min", "s", "ms", "us");
    private static final List<Double> TIME_MICROS = List.of(86_400e6, 3_600e6, 60e6, 1e6, 1e3, 1.0);
    private static final String MEMORY_HINT = "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".";
    private static final String TIME_HINT = "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", \"h\", and \"d\".";
    private static final Pattern FLOAT_PREFIX = Pattern.compile("^\\s*[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?");
    private static final Pattern UNIT_SIZE = Pattern.compile("^(\\d*)([A-Za-z]+)$");

    /**
     * The text PostgreSQL is given for a YAML scalar: YAML may hand over {@code on} as Boolean true,
     * {@code 30} as Integer, {@code 0.5} as Double. Booleans become on/off; numbers keep full precision.
     */
    public static String text(Object raw) {
        if (raw == null) {
            return null;
        }
        if (raw instanceof Boolean b) {
            return b ? "on" : "off";
        }
        if (raw instanceof Double || raw instanceof Float) {
            double d = ((Number) raw).doubleValue();
            return Double.isFinite(d) ? new BigDecimal(Double.toString(d)).stripTrailingZeros().toString().replace("E+", "e+").replace("E-", "e-") : Double.toString(d);
        }
        // Strings keep their blanks: log_line_prefix = '%m [%p] ' ends in a meaningful space.
        return raw.toString();
    }

    /** Parses a requested value for {@code meta} as guc.c would; throws with PostgreSQL's own reasons and hints. */
    public static SettingValue parse(Setting meta, Object raw) throws InvalidValueException {
        String value = text(raw);
        if (value == null) {
            throw new InvalidValueException("no value given for " + meta.name());
        }
        return switch (meta.vartype()) {
            case "bool" -> parseBool(meta, value);
            case "integer" -> parseNumber(meta, value, true);
            case "real" -> parseNumber(meta, value, false);
            case "enum" -> parseEnum(meta, value);
            default -> new SettingValue(meta.vartype(), normalizeString(value), null);
        };
    }

    /**
     * A memory setting's value in bytes ({@code raw}: as requested, or pg_settings.setting), e.g. 1024 of
     * shared_buffers (unit 8kB) is 8 MiB.
     */
    public static double bytes(Setting meta, Object raw) throws InvalidValueException {
        Matcher m = meta.unit() == null ? null : UNIT_SIZE.matcher(meta.unit());
        if (m == null || !m.matches() || !MEMORY_UNITS.contains(m.group(2))) {
            throw new InvalidValueException(meta.name() + " is not a memory setting (unit " + meta.unit() + ")");
        }
        double factor = m.group(1).isEmpty() ? 1 : Long.parseLong(m.group(1));
        return parse(meta, raw).number() * factor * MEMORY_BYTES.get(MEMORY_UNITS.indexOf(m.group(2)));
    }

    /** What the server runs with now, from pg_settings.setting (always in the base unit). */
    public static SettingValue effective(Setting meta) {
        try {
            return parse(meta, meta.setting());
        } catch (InvalidValueException e) {
            return new SettingValue(meta.vartype(), meta.setting(), null);
        }
    }

    /** Equal as PostgreSQL sees it; reals to the 6 significant digits pg_settings prints. */
    public boolean matches(SettingValue other) {
        if (number != null && other.number != null) {
            if ("real".equals(vartype)) {
                double a = number;
                double b = other.number;
                return a == b || Math.abs(a - b) <= 1e-5 * Math.max(Math.abs(a), Math.abs(b));
            }
            return number.doubleValue() == other.number.doubleValue();
        }
        if ("string".equals(vartype)) {
            return text.equalsIgnoreCase(other.text);
        }
        return text.equals(other.text);
    }

    private static SettingValue parseBool(Setting meta, String value) throws InvalidValueException {
        Boolean b = parseBoolean(value);
        if (b == null) {
            throw new InvalidValueException("parameter \"" + meta.name() + "\" requires a Boolean value (on/off, true/false, yes/no, 1/0), got \"" + value + "\"");
        }
        return new SettingValue("bool", b ? "on" : "off", null);
    }

    /** guc.c's parse_bool: case-insensitive prefixes of true/false/yes/no, on/off, 1/0. */
    static Boolean parseBoolean(String value) {
        String v = value.toLowerCase(Locale.ROOT);
        if (v.isEmpty()) {
            return null;
        }
        switch (v.charAt(0)) {
            case 't': return "true".startsWith(v) ? Boolean.TRUE : null;
            case 'f': return "false".startsWith(v) ? Boolean.FALSE : null;
            case 'y': return "yes".startsWith(v) ? Boolean.TRUE : null;
            case 'n': return "no".startsWith(v) ? Boolean.FALSE : null;
            case 'o':
                if (v.length() >= 2 && "on".startsWith(v)) {
                    return Boolean.TRUE;
                }
                if (v.length() >= 2 && "off".startsWith(v)) {
                    return Boolean.FALSE;
                }
                return null;
            case '1': return v.length() == 1 ? Boolean.TRUE : null;
            case '0': return v.length() == 1 ? Boolean.FALSE : null;
            default: return null;
        }
    }

    /**
     * Spellings PostgreSQL accepts but shows under another name (hidden entries of its enum tables), so
     * that e.g. wal_compression=on verifies against the "pglz" pg_settings shows.
     */
    private static final Map<String, Map<String, String>> ENUM_ALIASES = Map.of(
            "wal_compression", Map.of("on", "pglz", "true", "pglz", "yes", "pglz", "1", "pglz"),
            "wal_level", Map.of("archive", "replica", "hot_standby", "replica"));

    private static SettingValue parseEnum(Setting meta, String value) throws InvalidValueException {
        String alias = ENUM_ALIASES.getOrDefault(meta.name(), Map.of()).get(value.toLowerCase(Locale.ROOT));
        if (alias != null && meta.enumvals().contains(alias)) {
            return new SettingValue("enum", alias, null);
        }
        for (String allowed : meta.enumvals()) {
            if (allowed.equalsIgnoreCase(value)) {
                return new SettingValue("enum", allowed, null);
            }
        }
        // Enums such as synchronous_commit or huge_pages also take hidden boolean spellings.
        Boolean b = parseBoolean(value);
        if (b != null && meta.enumvals().contains("on") && meta.enumvals().contains("off")) {
            return new SettingValue("enum", b ? "on" : "off", null);
        }
        throw new InvalidValueException("invalid value for parameter \"" + meta.name() + "\": \"" + value
                + "\"; accepted values: " + String.join(", ", meta.enumvals()));
    }

    private static SettingValue parseNumber(Setting meta, String value, boolean integer) throws InvalidValueException {
        String invalid = "invalid value for parameter \"" + meta.name() + "\": \"" + value + "\"";
        double val;
        int end;
        Matcher f = FLOAT_PREFIX.matcher(value);
        IntPrefix ip = integer ? intPrefix(value) : null;
        if (ip != null && (ip.end >= value.length() || ".eE".indexOf(value.charAt(ip.end)) < 0)) {
            val = ip.value;
            end = ip.end;
        } else if (f.find()) {
            val = Double.parseDouble(f.group().strip());
            end = f.end();
        } else {
            throw new InvalidValueException(invalid + (integer ? "; expected an integer" : "; expected a number")
                    + unitHint(meta).map(h -> " with an optional unit. " + h).orElse(""));
        }
        if (Double.isInfinite(val) || Double.isNaN(val)) {
            throw new InvalidValueException(invalid + "; the number is out of range");
        }
        String rest = value.substring(end).strip();
        if (!rest.isEmpty()) {
            if (meta.unit() == null) {
                throw new InvalidValueException(invalid + "; this parameter takes no unit, give a plain number");
            }
            val = toBaseUnit(meta, val, rest, invalid);
        }
        if (integer) {
            val = Math.rint(val);
            if (val > Integer.MAX_VALUE || val < Integer.MIN_VALUE) {
                throw new InvalidValueException(invalid + "; value exceeds integer range");
            }
        }
        checkRange(meta, value, val);
        String canonical = integer ? Long.toString((long) val) : Double.toString(val);
        return new SettingValue(meta.vartype(), canonical, val);
    }

    private static void checkRange(Setting meta, String value, double val) throws InvalidValueException {
        if (meta.minVal() == null || meta.maxVal() == null) {
            return;
        }
        double min = Double.parseDouble(meta.minVal());
        double max = Double.parseDouble(meta.maxVal());
        if (val < min || val > max) {
            String unit = meta.unit() == null ? "" : " " + meta.unit();
            throw new InvalidValueException(value + " is outside the valid range for parameter \"" + meta.name()
                    + "\" (" + meta.minVal() + unit + " .. " + meta.maxVal() + unit + ")"
                    + (meta.unit() == null ? "" : "; as given it is " + fmt(val) + unit));
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** guc.c's convert_to_base_unit, including its rounding of fractions to the next smaller unit. */
    private static double toBaseUnit(Setting meta, double val, String unit, String invalid) throws InvalidValueException {
        Matcher m = UNIT_SIZE.matcher(meta.unit());
        if (!m.matches()) {
            throw new InvalidValueException(invalid + "; unknown base unit " + meta.unit());
        }
        double factor = m.group(1).isEmpty() ? 1 : Long.parseLong(m.group(1));
        String baseName = m.group(2);
        boolean memory = MEMORY_UNITS.contains(baseName);
        List<String> names = memory ? MEMORY_UNITS : TIME_UNITS;
        List<? extends Number> sizes = memory ? MEMORY_BYTES : TIME_MICROS;
        double baseSize = factor * sizes.get(names.indexOf(baseName)).doubleValue();
        int i = names.indexOf(unit);
        if (i < 0) {
            throw new InvalidValueException(invalid + "; unknown unit \"" + unit + "\" (units are case-sensitive). "
                    + (memory ? MEMORY_HINT : TIME_HINT));
        }
        double cvalue = val * (sizes.get(i).doubleValue() / baseSize);
        if (i + 1 < names.size()) {
            double next = sizes.get(i + 1).doubleValue() / baseSize;
            cvalue = Math.rint(cvalue / next) * next;
        }
        return cvalue;
    }

    private static Optional<String> unitHint(Setting meta) {
        if (meta.unit() == null) {
            return Optional.empty();
        }
        Matcher m = UNIT_SIZE.matcher(meta.unit());
        boolean memory = m.matches() && MEMORY_UNITS.contains(m.group(2));
        return Optional.of(memory ? MEMORY_HINT : TIME_HINT);
    }

    private record IntPrefix(double value, int end) {
    }

    /** C's strtol(value, &end, 0): optional sign, then hex (0x), octal (leading 0) or decimal digits. */
    private static IntPrefix intPrefix(String value) {
        int i = 0;
        while (i < value.length() && Character.isWhitespace(value.charAt(i))) {
            i++;
        }
        int sign = 1;
        if (i < value.length() && (value.charAt(i) == '+' || value.charAt(i) == '-')) {
            sign = value.charAt(i) == '-' ? -1 : 1;
            i++;
        }
        int radix = 10;
        if (value.startsWith("0x", i) || value.startsWith("0X", i)) {
            if (i + 2 < value.length() && Character.digit(value.charAt(i + 2), 16) >= 0) {
                radix = 16;
                i += 2;
            }
        } else if (value.startsWith("0", i)) {
            radix = 8;
        }
        int start = i;
        double v = 0;
        while (i < value.length() && Character.digit(value.charAt(i), radix) >= 0) {
            v = v * radix + Character.digit(value.charAt(i), radix);
            i++;
        }
        return i == start ? null : new IntPrefix(sign * v, i);
    }

    /** Lists compare element-wise regardless of the blanks around commas ("stderr, jsonlog" = "stderr,jsonlog"). */
    private static String normalizeString(String value) {
        if (!value.contains(",")) {
            return value;
        }
        return Arrays.stream(value.split(",")).map(String::strip).collect(Collectors.joining(","));
    }
}
