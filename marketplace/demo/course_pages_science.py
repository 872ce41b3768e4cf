"""The course pages of the demo catalog's science courses (courses_science.py); see course_pages."""

from __future__ import annotations

from marketplace.demo.records import DemoCoursePage as P

SCIENCE_PAGES: dict[str, P] = {
    "Physics for WAEC and JAMB: Mechanics": P(
        subtitle="Every mechanics topic of the syllabus, with worked past questions",
        learn=(
            "Solve motion problems with the equations of motion and graphs",
            "Apply Newton's laws to forces, friction and pulleys",
            "Work with energy, work, power and momentum",
            "Answer WAEC and JAMB past questions quickly and accurately",
        ),
        requirements=(
            "Secondary school mathematics up to SS2",
            "A scientific calculator",
        ),
        audience=(
            "SS2 and SS3 students preparing for WAEC, NECO and JAMB",
            "Teachers looking for clear explanations to share",
        ),
    ),
    "Electricity and Magnetism Explained": P(
        subtitle="From static charge to transformers, understand the power in your home",
        learn=(
            "Understand charge, electric fields and potential",
            "Analyse circuits with Ohm's law and Kirchhoff's rules",
            "Explain magnetism, electromagnetic induction and generators",
            "Understand how the grid and transformers deliver power",
        ),
        requirements=(
            "Secondary school physics and algebra",
            "A scientific calculator",
        ),
        audience=(
            "Senior secondary and first-year university students",
            "Technicians who want the theory behind their work",
        ),
    ),
    "Introduction to Quantum Physics": P(
        subtitle="The experiments that broke classical physics and the mathematics that replaced it",
        learn=(
            "Explain the photoelectric effect and wave-particle duality",
            "Work with wavefunctions and probability",
            "Solve the Schrodinger equation for simple systems",
            "Understand the uncertainty principle and quantum tunnelling",
        ),
        requirements=(
            "Basic calculus: derivatives and integrals",
            "Secondary school physics",
        ),
        audience=(
            "University students in physics, chemistry and engineering",
            "Curious learners who want the real story behind quantum physics",
        ),
    ),
    "Solar Power Basics: Panels, Batteries and Inverters": P(
        subtitle="Size and plan a solar system for a home or shop, and avoid expensive mistakes",
        language="Hausa",
        learn=(
            "Understand how solar panels, charge controllers, batteries and inverters work together",
            "Work out your daily energy needs from your appliances",
            "Size panels, batteries and an inverter for a home or shop",
            "Choose between lead-acid and lithium batteries",
            "Spot poor installations and unsafe wiring",
        ),
        requirements=(
            "Basic arithmetic",
            "No electrical experience needed",
        ),
        audience=(
            "Home and shop owners tired of generator costs",
            "Technicians starting in solar installation",
        ),
    ),
    "Astrology Foundations: Signs, Planets and Houses": P(
        subtitle="The language of astrology from the ground up, for curious beginners",
        learn=(
            "Describe the twelve signs and their elements and modes",
            "Understand what each planet represents",
            "Read the twelve houses and the areas of life they cover",
            "Combine signs, planets and houses into simple interpretations",
        ),
        requirements=(
            "Curiosity and an open mind; no experience needed",
            "Your birth date, time and place, to follow along with your own chart",
        ),
        audience=(
            "Beginners curious about astrology",
            "Readers of horoscopes who want to go deeper",
        ),
    ),
    "Reading Your Birth Chart Step by Step": P(
        subtitle="A clear method for reading any natal chart with confidence",
        learn=(
            "Calculate a birth chart with free software",
            "Weigh signs, houses and aspects in a fixed order",
            "Find the main themes of a chart",
            "Practise on example charts until the method feels natural",
        ),
        requirements=(
            "Astrology basics: signs, planets and houses",
            "Your birth date, time and place",
        ),
        audience=(
            "Students who finished an astrology foundations course",
            "Hobby astrologers who want a structured method",
        ),
    ),
    "Transits and Progressions: Timing in Astrology": P(
        subtitle="Move from who you are to when things happen",
        learn=(
            "Track transits of the outer planets",
            "Calculate and read secondary progressions",
            "Interpret a solar return chart",
            "Reflect on life cycles such as the Saturn return",
        ),
        requirements=(
            "Comfortable reading a natal chart (our Birth Chart course is enough)",
            "Free chart software such as Astro.com, set up in the first lesson",
        ),
        audience=(
            "Intermediate astrology students",
            "Astrologers who want to add timing techniques",
        ),
    ),
}
