namespace gpucosim { void power_placeholder() {} }
