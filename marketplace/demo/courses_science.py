"""Demo courses in Physics and Astrology. Prices are whole naira."""

from __future__ import annotations

from marketplace.demo.records import DemoCourse as C

SCIENCE_COURSES: tuple[C, ...] = (
    C(
        title="Physics for WAEC and JAMB: Mechanics",
        instructor="olumide",
        categories=("Physics",),
        price=6_500,
        original_price=9_500,
        level="Beginner",
        hours=12,
        description=(
            "Pass WAEC and JAMB physics with confidence. Every mechanics topic in the syllabus is explained with "
            "everyday examples and followed by worked past questions."
        ),
        lessons=(
            "How to study physics and pass | Units and measurement | Scalars and vectors | Speed, velocity and "
            "acceleration | Equations of motion | Motion graphs | Projectiles | Newton's first law | Newton's "
            "second law | Newton's third law | Friction | Work, energy and power | Conservation of energy | "
            "Momentum and collisions | Circular motion | Simple machines | Equilibrium and moments | Simple "
            "harmonic motion | Past questions: WAEC | Past questions: JAMB"
        ),
    ),
    C(
        title="Electricity and Magnetism Explained",
        instructor="olumide",
        categories=("Physics",),
        price=9_500,
        original_price=None,
        level="Intermediate",
        hours=10,
        description=(
            "From static charges to generators and transformers, understand electricity and magnetism deeply enough "
            "to solve problems and to understand the power that reaches your home."
        ),
        lessons=(
            "Electric charge and static | Coulomb's law | Electric fields | Electric potential | Capacitors | "
            "Current, voltage and resistance | Ohm's law and circuits | Series and parallel circuits | Electrical "
            "power and your electricity bill | Magnetic fields | Electromagnetic induction | Generators and motors "
            "| Transformers and the national grid | Alternating current | Worked problems"
        ),
    ),
    C(
        title="Introduction to Quantum Physics",
        instructor="olumide",
        categories=("Physics",),
        price=28_000,
        original_price=None,
        level="Advanced",
        hours=14,
        description=(
            "A careful, honest introduction to quantum mechanics for students who know basic calculus. Learn the "
            "experiments that broke classical physics and the mathematics that replaced it."
        ),
        lessons=(
            "Why classical physics failed | Black-body radiation | The photoelectric effect | Wave-particle duality "
            "| The double-slit experiment | The Bohr model | The wavefunction | The Schrodinger equation | A "
            "particle in a box | Quantum tunnelling | The uncertainty principle | Spin | The hydrogen atom | "
            "Entanglement | Quantum technology today | Where to study next"
        ),
    ),
    C(
        title="Solar Power Basics: Panels, Batteries and Inverters",
        instructor="olumide",
        categories=("Physics",),
        price=15_000,
        original_price=None,
        level="Beginner",
        hours=6,
        description=(
            "Understand the physics behind solar power and size a system for a home or shop. Learn how panels, "
            "charge controllers, batteries and inverters work together, and avoid expensive mistakes."
        ),
        lessons=(
            "How sunlight becomes electricity | Solar panels: types and ratings | Measuring your power needs | "
            "Batteries: lead-acid versus lithium | Charge controllers | Inverters explained | Sizing a home system "
            "| Wiring and safety | Maintenance and troubleshooting | Costs and payback in Nigeria"
        ),
    ),
    C(
        title="Astrology Foundations: Signs, Planets and Houses",
        instructor="ngozi",
        categories=("Astrology",),
        price=7_500,
        original_price=None,
        level="Beginner",
        hours=6,
        description=(
            "Learn the language of astrology from the ground up: the twelve signs, the planets and the houses, and "
            "how they combine into meaning. A thoughtful introduction for curious beginners."
        ),
        lessons=(
            "What astrology is and is not | A short history of astrology | The zodiac and the twelve signs | "
            "Elements and modalities | The Sun, Moon and rising sign | The personal planets | The social and outer "
            "planets | The twelve houses | Aspects between planets | Reading a simple chart | Astrology and "
            "self-reflection | Further study"
        ),
    ),
    C(
        title="Reading Your Birth Chart Step by Step",
        instructor="ngozi",
        categories=("Astrology",),
        price=12_000,
        original_price=16_000,
        level="Intermediate",
        hours=8,
        description=(
            "Read a full natal chart with confidence. Follow a step-by-step method for weighing signs, houses and "
            "aspects, and practise on example charts until the process feels natural."
        ),
        lessons=(
            "Casting your chart accurately | The chart wheel | Chart shapes and patterns | Element and modality "
            "balance | The chart ruler | Sun, Moon and Ascendant together | Planets in houses | Major aspects | "
            "Minor aspects | Retrograde planets | The lunar nodes | Synthesis: telling the story | Example chart "
            "reading | Practice charts"
        ),
    ),
    C(
        title="Transits and Progressions: Timing in Astrology",
        instructor="ngozi",
        categories=("Astrology",),
        price=18_000,
        original_price=None,
        level="Advanced",
        hours=9,
        description=(
            "Move from who you are to when things happen. Learn how astrologers work with transits, secondary "
            "progressions and solar returns to reflect on cycles in life."
        ),
        lessons=(
            "Time in astrology | Transits explained | Fast-moving transits | Saturn and Jupiter cycles | Outer "
            "planet transits | Eclipses | Secondary progressions | The progressed Moon | Solar returns | Combining "
            "techniques | Case studies | Ethics of prediction | Your own year ahead"
        ),
    ),
)
